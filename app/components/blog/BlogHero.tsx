/** The header band of the public blog ('Notre Blog' / 'Le Blog Dentaire'). */
export function BlogHero() {
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white">
      <div aria-hidden className="absolute -end-24 -top-24 h-72 w-72 rounded-full bg-teal-600/20 blur-2xl" />
      <div aria-hidden className="absolute -bottom-32 start-1/3 h-64 w-64 rounded-full bg-gold-500/10 blur-2xl" />
      <div className="container-site relative py-14 md:py-20">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Le Blog Dentaire</p>
        <h1 className="mt-3 text-4xl font-bold text-white md:text-5xl">Notre Blog</h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-200 md:text-lg">
          Conseils, explications et actualités de la clinique : tout ce qu'il faut savoir pour prendre soin de votre sourire et préparer vos soins en confiance.
        </p>
      </div>
    </section>
  );
}
