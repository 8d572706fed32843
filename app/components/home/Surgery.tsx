import { Link } from "react-router";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { HOME } from "~/content/home";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { surgerySlot } from "~/lib/photo-slots";

/** Surgery and implantology: a headline and three text-and-image blocks with their buttons. */
export function Surgery() {
  const clinic = useClinic();
  const { locale, href } = useI18n();
  const { surgery } = HOME[locale];
  return (
    <section aria-labelledby="surgery-title" className="py-16 md:py-24">
      <div className="container-site">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">{surgery.eyebrow}</p>
          <h2 id="surgery-title" className="section-title mt-3">
            {surgery.title}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">{surgery.intro}</p>
        </div>
        <div className="mt-14 space-y-16 md:space-y-24">
          {surgery.blocks.map((b, i) => (
            <article key={b.title} className="grid items-center gap-8 md:grid-cols-2 md:gap-14">
              <div className={i % 2 === 1 ? "md:order-2" : ""}>
                <SlotPhoto slot={surgerySlot(i)} drawing={{ ...surgerySlot(i).drawing, alt: b.image.alt }} className="aspect-[4/3] h-auto w-full rounded-2xl bg-teal-50 object-cover shadow-lg" />
              </div>
              <div>
                <span aria-hidden className="mb-4 block h-1 w-12 rounded-full bg-gold-400" />
                <h3 className="text-2xl font-bold md:text-3xl">{b.title}</h3>
                <p className="mt-4 text-lg leading-relaxed text-slate-600">{b.text(clinic)}</p>
                <div className="mt-6 flex flex-wrap gap-3">
                  {b.buttons.map((btn, j) => (
                    <Link
                      key={btn.to}
                      to={href(btn.to)}
                      className={j === 0 ? "btn-primary" : "btn border border-navy-900 text-navy-900 hover:bg-slate-50 active:scale-95"}
                    >
                      {btn.label}
                    </Link>
                  ))}
                </div>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
