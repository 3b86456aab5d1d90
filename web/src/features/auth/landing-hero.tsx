import { Crown, Eye, type LucideIcon, Search, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "#web/components/logo.tsx";

const HIGHLIGHTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Search,
    title: "Found only by exact name",
    text: "No browsing and no partial matches: a post turns up only for someone who types its exact name or your tagg.",
  },
  {
    icon: Eye,
    title: "See who looked",
    text: "Every search and view of your posts is recorded, so you know who came looking.",
  },
  {
    icon: ShieldCheck,
    title: "Privacy that is respected",
    text: "Visitors who choose to stay anonymous are shown as Anonymous User, never by name.",
  },
  {
    icon: Crown,
    title: "Premium for GBP 12 a month",
    text: "Unlocks visibility controls for your posts. Members also earn commission by referring subscribers.",
  },
];

export function LandingHero() {
  return (
    <section
      aria-labelledby="landing-heading"
      className="relative overflow-hidden bg-linear-to-br from-brand-700 via-brand-800 to-slate-900 px-6 py-10 text-white sm:px-10 lg:px-14 lg:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-3xl"
      />
      <div className="relative mx-auto flex h-full max-w-xl flex-col gap-6 sm:gap-8">
        <Link to="/" className="self-start rounded-lg" aria-label="Tagit home">
          <Logo inverted />
        </Link>
        <div className="space-y-4">
          <h1 id="landing-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
            Post it under a unique name. See who comes looking.
          </h1>
          <p className="text-sm text-pretty text-brand-100 sm:text-lg">
            Members publish tagged posts: a uniquely named image, optionally scrambled or posted without their
            name, with a comment. Other people find a post only by typing its exact name or its owner's
            handle, the tagg.
          </p>
        </div>
        <ul className="hidden gap-5 sm:grid sm:grid-cols-2">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <Icon className="size-4.5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-brand-100">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <nav
          aria-label="Explore Tagit"
          className="mt-auto flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium"
        >
          <Link
            to="/search-tagged-posts"
            className="rounded text-white/90 underline-offset-4 hover:underline"
          >
            Search tagged posts
          </Link>
          <Link to="/payments" className="rounded text-white/90 underline-offset-4 hover:underline">
            Premium plan
          </Link>
          <Link to="/terms" className="rounded text-white/90 underline-offset-4 hover:underline">
            Terms and Conditions
          </Link>
        </nav>
      </div>
    </section>
  );
}
