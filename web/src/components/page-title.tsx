export type PageTitleProps = { title: string };

/** Sets the document title; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: PageTitleProps) {
  return <title>{`${title} · Tagit`}</title>;
}
