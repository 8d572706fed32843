import { Link } from "react-router";

const TONES = {
  dark: { nav: "text-slate-300", link: "hover:text-white" },
  light: { nav: "text-slate-600", link: "hover:text-navy-900" },
};

/** 'Formation / <page>' above the title of a training page; `tone` follows the background behind it. */
export function FormationBreadcrumb({ current, tone }: { current: string; tone: keyof typeof TONES }) {
  return (
    <nav aria-label="Fil d'Ariane" className={`text-sm ${TONES[tone].nav}`}>
      <Link to="/formation" className={`underline-offset-2 hover:underline ${TONES[tone].link}`}>
        Formation
      </Link>
      <span aria-hidden className="mx-2">
        /
      </span>
      <span aria-current="page">{current}</span>
    </nav>
  );
}
