import { formatNumber } from "~/lib/format";

/**
 * A figure that counts up from 0 to `target` by `step` every `intervalMs` once it is scrolled
 * into view. The server renders the final value (right without JavaScript); the count is the
 * site's script's (app/site/chrome.ts, `data-target`); under prefers-reduced-motion the final value
 * stays put. Screen readers always get the final value. Written by the one number format
 * (formatNumber, which the script follows): with `suffix="+"` the last frame is exactly
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
  return (
    <span className={className} data-target={target} data-value={target} data-step={step} data-interval={intervalMs} data-prefix={prefix} data-suffix={suffix}>
      <span aria-hidden="true" data-count-text>
        {prefix}
        {formatNumber(target)}
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
