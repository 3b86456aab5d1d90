/**
 * What being anonymous (Hide, Pause, or signed out) means, as the privacy card and the hide popup say it.
 *
 * The server keeps no link between a member and what they did anonymously, so it cannot show it to them
 * either. An owner sees an anonymous search or view only after the time window it fell in has ended (plus a
 * random delay), dated by the window's start. The window is an hour unless the operator set another length,
 * and the wording says so rather than promising a figure the server may not use.
 */
export const ANONYMOUS_NOT_RECORDED = "Anonymous activity is not recorded against you, not even for you.";

export const ANONYMOUS_SHOWN_LATER =
  "Owners see it as Anonymous User only later, once the time window it happened in is over (an hour, unless this site set another), and only with the window's start time.";
