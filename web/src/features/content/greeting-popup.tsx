import { Sparkles, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useState } from "react";
import { TIMING } from "#contract/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";
import { useProfile } from "#web/lib/use-profile.ts";
import { mayGreet, readGreetingStorage, shouldShowGreeting } from "./greeting-rules.ts";
import { usePopupSettings } from "./use-popup-settings.ts";

/**
 * The "Welcome" greeting: about 1 s after load, once per browser session, for a
 * signed-in member, when enabled, unless they chose "Don't show again" or have just reset their password.
 * It is a non-modal card: it does not block the page or take focus (announced through a status line), and
 * any click elsewhere, Escape or its buttons close it.
 */
export function GreetingPopup() {
  const { profile } = useProfile();
  const [storage] = useState(readGreetingStorage);
  const flags = { ...storage, signedIn: profile !== null };
  const settings = usePopupSettings("greetings", mayGreet(flags));
  const show = shouldShowGreeting(flags, settings.data);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!show) return;
    const timer = window.setTimeout(() => {
      safeStorage.set("session", STORAGE_KEYS.greetingShown, "true");
      setOpen(true);
    }, TIMING.greetingDelayMs);
    return () => window.clearTimeout(timer);
  }, [show]);

  const hideForGood = () => {
    safeStorage.set("local", STORAGE_KEYS.hideGreeting, "true");
    setOpen(false);
  };

  return (
    <>
      <p role="status" className="sr-only">
        {open ? "A welcome message is shown at the bottom of the page." : ""}
      </p>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen} modal={false}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Content
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            className="fixed right-3 bottom-3 left-3 z-40 animate-fade-in rounded-2xl border border-brand-200 bg-white p-5 shadow-2xl outline-none sm:right-auto sm:bottom-5 sm:left-5 sm:w-96"
          >
            <div className="flex items-start gap-3 pr-6">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Sparkles className="size-5" aria-hidden="true" />
              </span>
              <div className="grid min-w-0 gap-1">
                <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
                  Welcome
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="max-h-48 overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap text-slate-600">
                  {settings.data?.content.trim()}
                </DialogPrimitive.Description>
              </div>
            </div>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={hideForGood}>
                Don't show again
              </Button>
              <Button size="sm" onClick={() => setOpen(false)}>
                Got it
              </Button>
            </div>
            <DialogPrimitive.Close
              className="absolute top-3 right-3 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <XIcon className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  );
}
