import { useEffect, useState } from "react";

const HYDRATED_EVENT = "tagit:hydrated";

/**
 * A server-rendered page is shown before React has taken it over. Meanwhile its buttons do nothing, and its
 * forms would submit themselves natively with their fields in the address (a search would reload the page and
 * only prefill the box). Until the app has hydrated, this holds the last button press or form submission and
 * replays it afterwards, so a visitor who presses Search or Sign In early gets what they pressed.
 */
export function holdEarlyPresses(): void {
  let held: HTMLElement | undefined;
  const hold = (event: Event, target: HTMLElement) => {
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button) hold(event, button);
  };
  // Enter in a form's field is held even while the submit button is still disabled by the server's HTML (the
  // field was empty then): once the app has read what was typed, the form is submitted as if pressed.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.form) {
      hold(event, event.target.form);
    }
  };
  const onSubmit = (event: SubmitEvent) => {
    if (event.target instanceof HTMLFormElement) hold(event, event.submitter ?? event.target);
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("submit", onSubmit, true);
      if (!held?.isConnected) return;
      if (held instanceof HTMLFormElement) held.requestSubmit();
      else held.click();
    },
    { once: true },
  );
}

/**
 * Rendered beside the app, it releases the held press one render after React has hydrated the page: by then the
 * state the page's own effects took from the server's HTML (what a visitor typed meanwhile) is in place.
 */
export function HydratedSignal(): null {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) document.dispatchEvent(new Event(HYDRATED_EVENT));
    else setHydrated(true);
  }, [hydrated]);
  return null;
}
