import { Copy, Download, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { copyText } from "./copy-text.ts";
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText, textFileHref } from "./two-factor-display.ts";

export type RecoveryCodesPanelProps = {
  codes: readonly string[];
  /** The account the codes belong to, named in the file. */
  email: string;
  /** The member says they have saved them; the codes are not shown again. */
  onDone: () => void;
};

/** The recovery codes, shown this once: copy them, download them as a text file, then say they are saved. */
export function RecoveryCodesPanel({ codes, email, onDone }: RecoveryCodesPanelProps) {
  const [text] = useState(() => recoveryCodesText(codes, email, new Date()));
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the form that was focused: move focus to its heading so it is read out first.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <h4 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        Save your recovery codes
      </h4>
      <Alert variant="warning">
        <TriangleAlert aria-hidden="true" />
        <p>
          If you lose your phone, each code signs you in once. This is the only time they are shown: keep them
          somewhere safe, like a password manager.
        </p>
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copyText(codes.join("\n"), "Your recovery codes")}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button asChild variant="outline">
          <a href={textFileHref(text)} download={RECOVERY_CODES_FILE_NAME}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          I Have Saved Them
        </Button>
      </div>
    </div>
  );
}
