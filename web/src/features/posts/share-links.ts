/** Where a post is shared: the public search page, with the post name as the text (people search by it). */
export function searchPageUrl(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/search-tagged-posts`;
}

export type ShareTarget = { id: "facebook" | "twitter" | "whatsapp"; label: string; href: string };

/** Share links for Facebook, Twitter and WhatsApp. Pure: unit-tested. */
export function shareTargets(postName: string, origin: string): ShareTarget[] {
  const url = searchPageUrl(origin);
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(postName);
  return [
    {
      id: "facebook",
      label: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${text}`,
    },
    { id: "twitter", label: "Twitter", href: `https://twitter.com/intent/tweet?text=${text}&url=${u}` },
    {
      id: "whatsapp",
      label: "WhatsApp",
      href: `https://wa.me/?text=${encodeURIComponent(`${postName} ${url}`)}`,
    },
  ];
}
