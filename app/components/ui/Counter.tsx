import { useEffect, useRef, useState } from "react";
import { useInView } from "~/hooks/useInView";
import { useReducedMotion } from "~/hooks/useReducedMotion";
import { formatNumber } from "~/lib/format";

/**
 * A figure that counts up from 0 to `target` by `step` every `intervalMs` once it is scrolled
 * into view. The server renders the final value (right without JavaScript); under
 * prefers-reduced-motion the final value stays put. Screen readers always get the final value.
 * Written by the one number format (formatNumber): with `suffix="+"` the last frame is exactly
 * formatFigure(target), the text the other pages show.
 */
export function Counter({
  target,
  step,
  intervalMs,
  prefix = "",
  suffix = "",
  className,
  hideFromScreenReaders = false,
}: {
  target: number;
  step: number;
  intervalMs: number;
  prefix?: string;
  suffix?: string;
  className?: string;
  /** when the caller already gives screen readers a sentence with the final value */
  hideFromScreenReaders?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const reduced = useReducedMotion();
  const [value, setValue] = useState(target);
  const [armed, setArmed] = useState(false);
  const inView = useInView(ref, { threshold: 0.4 });

  // After hydration, reset to 0 so the count can run when the figure comes into view.
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    setValue(0);
    setArmed(true);
  }, []);

  useEffect(() => {
    if (reduced) {
      setValue(target);
      return;
    }
    if (!armed || !inView) return;
    const id = setInterval(() => {
      setValue((v) => {
        const next = Math.min(v + step, target);
        if (next >= target) clearInterval(id);
        return next;
      });
    }, intervalMs);
    return () => clearInterval(id);
  }, [armed, inView, reduced, step, intervalMs, target]);

  return (
    <span ref={ref} className={className} data-target={target} data-value={value}>
      <span aria-hidden="true">
        {prefix}
        {formatNumber(value)}
        {suffix}
      </span>
      {!hideFromScreenReaders && (
        <span className="sr-only">
          {prefix}
          {formatNumber(target)}
          {suffix}
        </span>
      )}
    </span>
  );
}
