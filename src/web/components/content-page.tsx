import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Building blocks for long-form pages (features, FAQ, privacy, terms, business pitch).
 * Text only, no images and no external fonts: these pages must stay light for people who pay per megabyte.
 */

interface ContentPageProps {
  title: string;
  /** Short kicker shown above the title, e.g. "For businesses". */
  eyebrow?: string;
  /** Opening paragraph under the title. */
  lead?: ReactNode;
  /** Small print under the title, e.g. "Last updated: …". */
  meta?: ReactNode;
  children: ReactNode;
}

export function ContentPage({ title, eyebrow, lead, meta, children }: ContentPageProps) {
  return (
    <div className="min-h-screen bg-stone-50 text-stone-900">
      <article className="mx-auto w-full max-w-3xl px-4 pt-8 pb-24 sm:px-6 sm:pt-12">
        <header className="mb-8 sm:mb-10">
          {eyebrow ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">{eyebrow}</p>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{title}</h1>
          {meta ? <p className="mt-2 text-sm text-stone-500">{meta}</p> : null}
          {lead ? <p className="mt-4 text-lg leading-relaxed text-stone-700">{lead}</p> : null}
        </header>
        <div className="space-y-10 sm:space-y-12">{children}</div>
      </article>
    </div>
  );
}

interface ContentSectionProps {
  title: string;
  /** Anchor id so other pages can link to a section (e.g. /faq#draws). */
  id?: string;
  children: ReactNode;
}

export function ContentSection({ title, id, children }: ContentSectionProps) {
  return (
    <section id={id} className="scroll-mt-20">
      <h2 className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

export interface CallToActionLink {
  /** An app path (`paths.x`) or an external href such as `tel:` or `mailto:`. */
  to: string;
  label: string;
}

interface CallToActionProps {
  heading: string;
  text: ReactNode;
  primary: CallToActionLink;
  secondary?: CallToActionLink;
}

const primaryClass =
  "inline-flex min-h-11 items-center justify-center rounded-xl bg-amber-500 px-5 py-2.5 text-base font-semibold text-stone-900 shadow-sm transition-colors hover:bg-amber-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600";
const secondaryClass =
  "inline-flex min-h-11 items-center justify-center rounded-xl border border-stone-300 bg-white px-5 py-2.5 text-base font-semibold text-stone-900 transition-colors hover:border-amber-500 hover:text-amber-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600";

function CtaLink({ link, className }: { link: CallToActionLink; className: string }) {
  if (link.to.startsWith("/")) {
    return (
      <Link to={link.to} className={className}>
        {link.label}
      </Link>
    );
  }
  return (
    <a href={link.to} className={className}>
      {link.label}
    </a>
  );
}

export function CallToAction({ heading, text, primary, secondary }: CallToActionProps) {
  return (
    <aside className="rounded-2xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
      <h2 className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{heading}</h2>
      <div className="mt-2 leading-relaxed text-stone-700">{text}</div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <CtaLink link={primary} className={primaryClass} />
        {secondary ? <CtaLink link={secondary} className={secondaryClass} /> : null}
      </div>
    </aside>
  );
}
