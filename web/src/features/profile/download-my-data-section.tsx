import { Download } from "lucide-react";
import { useState } from "react";
import { DATA_EXPORT_URL } from "#contract/api/data-export.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { NETWORK_ERROR_MESSAGE } from "#web/lib/api-request.ts";
import { type DataExportCheck, dataExportCheck } from "./data-export-check.ts";

type State =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "started" }
  | { kind: "refused"; message: string };

/**
 * Asks whether an export may begin now. HEAD spends nothing and carries the `Retry-After` a refusal needs
 * (the JSON request helper drops headers), so this one request goes through fetch itself.
 */
async function askForExport(): Promise<DataExportCheck> {
  try {
    const response = await fetch(DATA_EXPORT_URL, {
      method: "HEAD",
      credentials: "same-origin",
      cache: "no-store",
    });
    return dataExportCheck(response.status, response.headers.get("retry-after"));
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
}

/**
 * The browser's own download: it saves the archive to disk as it arrives and shows its progress, where a
 * fetch would hold the whole archive (gigabytes for a member with many posts) in the page's memory.
 */
function startDownload() {
  const link = document.createElement("a");
  link.href = DATA_EXPORT_URL;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Download My Data in Security Settings: a zip of everything Tagit stores about the member, once an hour. The
 * server is asked first, so a refusal (within the hour, a session that ended) is said here instead of being
 * saved as a file.
 */
export function DownloadMyDataSection() {
  const [state, setState] = useState<State>({ kind: "idle" });
  const download = async () => {
    setState({ kind: "checking" });
    const check = await askForExport();
    if (!check.ok) return setState({ kind: "refused", message: check.message });
    startDownload();
    setState({ kind: "started" });
  };

  return (
    <section aria-labelledby="download-data-heading" className="grid gap-3 border-t border-slate-100 pt-6">
      <h3 id="download-data-heading" className="font-semibold text-slate-900">
        Download My Data
      </h3>
      <p id="download-data-description" className="text-sm text-slate-600">
        A zip file of your profile, your posts with their original images, your search history, the analytics
        of your posts, your invoices, affiliate records, blocked members and sessions. You can download it
        once an hour.
      </p>
      <div>
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={download}
          disabled={state.kind === "checking"}
          aria-describedby="download-data-description"
        >
          <Download aria-hidden="true" />
          {state.kind === "checking" ? "Preparing…" : "Download My Data"}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {state.kind === "started" ? (
          <Alert variant="success">
            Your download has started: your browser shows its progress. With many images it can take a few
            minutes.
          </Alert>
        ) : null}
        {state.kind === "refused" ? <Alert variant="warning">{state.message}</Alert> : null}
      </div>
    </section>
  );
}
