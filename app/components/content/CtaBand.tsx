import { CalendarCheck, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useClinic } from "~/hooks/use-clinic";

/** The navy call-to-action band closing a content page: a booking link and the clinic's phone. */
export function CtaBand({
  title,
  text,
  label = "Prendre RDV",
  to = "/appointment",
  children,
}: {
  title: string;
  text: string;
  label?: string;
  to?: string;
  children?: ReactNode;
}) {
  const phone = useClinic().phones[0];
  return (
    <section className="bg-navy-900 text-white" aria-labelledby="cta-band-title">
      <div className="container-site flex flex-col gap-8 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-band-title" className="font-serif text-3xl font-bold text-white md:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-slate-200">{text}</p>
          {children}
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row md:flex-col lg:flex-row">
          <Link to={to} className="btn bg-gold-500 text-navy-950 shadow-sm hover:bg-gold-400 active:scale-95">
            <CalendarCheck aria-hidden="true" className="h-4 w-4" />
            {label}
          </Link>
          <a href={`tel:${phone.tel}`} className="btn-outline text-white">
            <Phone aria-hidden="true" className="h-4 w-4" />
            <bdi dir="ltr">{phone.display}</bdi>
          </a>
        </div>
      </div>
    </section>
  );
}
