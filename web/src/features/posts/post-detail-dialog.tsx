import { useQueryClient } from "@tanstack/react-query";
import { Download, EyeOff, Flag, ShieldCheck, Shuffle } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type TaggedPost,
} from "#contract/api/posts.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { DraggableDialog } from "#web/components/draggable-dialog.tsx";
import { HelpButton } from "#web/components/help-button.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { detailImageSources, formatPostDate, postDisplayName } from "#web/lib/post-display.ts";
import { downloadPostImage } from "./download-post-image.ts";
import { LikeButton } from "./like-button.tsx";
import { PostDetailImage } from "./post-detail-image.tsx";
import { SavedImagesDialog } from "./saved-images-dialog.tsx";
import { ShareMenu } from "./share-menu.tsx";
import { fetchImageBanner } from "./use-image-banner.ts";
import { useImageFallback } from "./use-image-fallback.ts";
import { useReportPost } from "./use-post-mutations.ts";

/**
 * What the dialog needs of a post: the member's own post, or a search result (which carries no visibility
 * flag or view count — strangers do not learn those).
 */
export type DetailPost = Omit<TaggedPost, "isVisible" | "uniqueViewCount"> & { isVisible?: boolean };

export type PostDetailDialogProps = {
  /** The post to show; the dialog is open while this is set. */
  post: DetailPost | null;
  onClose: () => void;
  /** Who made the post: the member's own name on their own posts. */
  creatorName: string;
  /** Report is offered on other members' posts only. */
  canReport?: boolean;
};

/** The draggable post detail dialog. */
export function PostDetailDialog({ post, onClose, creatorName, canReport = false }: PostDetailDialogProps) {
  return (
    <DraggableDialog
      open={post !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={post ? postDisplayName(post.postName) : ""}
      description={post ? `By ${creatorName} · ${formatPostDate(post.createdAt)}` : ""}
      className="max-w-2xl"
    >
      {post ? <PostDetailBody post={post} canReport={canReport} /> : null}
    </DraggableDialog>
  );
}

function PostDetailBody({ post, canReport }: { post: DetailPost; canReport: boolean }) {
  const queryClient = useQueryClient();
  const includeNameId = useId();
  const image = useImageFallback(detailImageSources(post));
  const name = postDisplayName(post.postName);
  const [downloading, setDownloading] = useState(false);
  const [includeName, setIncludeName] = useState(true);
  const [confirmReport, setConfirmReport] = useState(false);
  const [reportReason, setReportReason] = useState<ReportReason | undefined>();
  const [savedOpen, setSavedOpen] = useState(false);
  const report = useReportPost();

  const download = async () => {
    if (!image.src) return;
    setDownloading(true);
    try {
      const { bannerProblem } = await downloadPostImage({
        src: image.src,
        postName: post.postName,
        includeName,
        loadBanner: () => fetchImageBanner(queryClient),
      });
      if (bannerProblem) {
        toast.warning("Downloaded Without Banner", {
          description: `${bannerProblem}. The image was downloaded without the banner.`,
        });
      } else {
        setSavedOpen(true);
      }
    } catch {
      toast.error("Download Failed", { description: "Unable to download the image. Please try again." });
    } finally {
      setDownloading(false);
    }
  };

  const sendReport = () =>
    report.mutate(
      { id: post.id, reason: reportReason },
      {
        onSuccess: ({ removed }) => {
          setConfirmReport(false);
          setReportReason(undefined);
          toast.success("Post Reported", {
            description: removed
              ? "Thank you. The post is no longer shown."
              : "Thank you. Our team will review it.",
          });
        },
        onError: (error) => {
          setConfirmReport(false);
          toast.error("Report Failed", { description: errorMessage(error, "Failed to report post") });
        },
      },
    );

  return (
    <div className="grid gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap gap-2">
        {post.scrambleImage ? (
          <Badge>
            <Shuffle aria-hidden="true" />
            Scrambled Version
          </Badge>
        ) : (
          <Badge variant="neutral">Original Version</Badge>
        )}
        {post.hidePersonalInfo ? (
          <Badge variant="neutral">
            <ShieldCheck aria-hidden="true" />
            Personal Info Hidden
          </Badge>
        ) : null}
        {post.isVisible === false ? (
          <Badge variant="neutral">
            <EyeOff aria-hidden="true" />
            Hidden from search
          </Badge>
        ) : null}
      </div>

      <PostDetailImage image={image} scrambled={post.scrambleImage} alt={`Image of ${name}`} />

      {name !== post.postName.trim() ? (
        <p className="text-sm text-slate-600">
          Post name: <span className="font-medium break-words text-slate-900">{post.postName}</span>
        </p>
      ) : null}
      {post.comment ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm whitespace-pre-wrap break-words text-slate-800">
          {post.comment}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <LikeButton />
        <ShareMenu postName={post.postName} />
        <HelpButton sectionName="share-something" topic="Sharing a post" />
        <Button onClick={() => void download()} disabled={!image.src || downloading}>
          {downloading ? <Spinner className="text-white" /> : <Download aria-hidden="true" />}
          Download
        </Button>
        {canReport ? (
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => setConfirmReport(true)}
          >
            <Flag aria-hidden="true" />
            Report
          </Button>
        ) : null}
      </div>
      <SavedImagesDialog open={savedOpen} onOpenChange={setSavedOpen} />
      <div className="flex items-center gap-2">
        <Switch id={includeNameId} checked={includeName} onCheckedChange={setIncludeName} />
        <Label htmlFor={includeNameId} className="font-normal text-slate-700">
          Add the post name to the downloaded image
        </Label>
      </div>

      {canReport ? (
        <ConfirmDialog
          open={confirmReport}
          onOpenChange={setConfirmReport}
          title="Report this post?"
          description={
            <p>Reports are reviewed by the Tagit team. A post that many members report may be removed.</p>
          }
          confirmLabel="Report"
          destructive
          pending={report.isPending}
          onConfirm={sendReport}
        >
          <ReportReasonChoice value={reportReason} onChange={setReportReason} disabled={report.isPending} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The optional reason of a report: a labelled group of radio buttons (arrow keys move between them). */
function ReportReasonChoice({
  value,
  onChange,
  disabled,
}: {
  value: ReportReason | undefined;
  onChange: (reason: ReportReason) => void;
  disabled: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-900">Reason (optional)</legend>
      {REPORT_REASONS.map((reason) => (
        <label key={reason} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={name}
            value={reason}
            checked={value === reason}
            onChange={() => onChange(reason)}
            className="size-4 accent-red-700"
          />
          {REPORT_REASON_LABELS[reason]}
        </label>
      ))}
    </fieldset>
  );
}
