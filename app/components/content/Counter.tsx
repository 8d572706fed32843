import { Counter as CountUp } from "~/components/ui/Counter";
import { formatNumber } from "~/lib/format";
import { useI18n } from "~/hooks/use-locale";

export interface StatCounterProps {
  value: number;
  /** how much the figure grows at each tick, and how often (ms) */
  step: number;
  intervalMs: number;
  prefix?: string;
  suffix?: string;
  label: string;
  className?: string;
  figureClassName?: string;
  labelClassName?: string;
}

/**
 * A figure with its label (doctor page): the shared count-up of ~/components/ui/Counter (final
 * value in the server HTML, counts up once in view, still under prefers-reduced-motion), and a
 * sentence for screen readers ("Plus de 30 années d'expérience").
 */
export function Counter({ value, step, intervalMs, prefix = "", suffix = "", label, className, figureClassName, labelClassName }: StatCounterProps) {
  const { t } = useI18n();
  return (
    <div className={className}>
      <p aria-hidden="true" className={`tabular-nums ${figureClassName ?? ""}`}>
        <CountUp target={value} step={step} intervalMs={intervalMs} prefix={prefix} suffix={suffix} hideFromScreenReaders />
      </p>
      <p aria-hidden="true" className={labelClassName}>
        {label}
      </p>
      <p className="sr-only">
        {prefix === "+" || suffix === "+" ? t("clinicPages.moreThan") : prefix}
        {formatNumber(value)}
        {suffix === "+" ? "" : suffix} {label}
      </p>
    </div>
  );
}
