import { toast } from "sonner";

/** Puts `text` on the clipboard and says so; `what` names it in the toast ("The key", "Your recovery codes"). */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied!", { description: `${what} copied to the clipboard.` });
  } catch {
    toast.error("Failed to copy", { description: "Select the text and copy it yourself instead." });
  }
}
