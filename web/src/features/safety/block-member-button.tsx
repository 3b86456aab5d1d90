import { Ban } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { blockConsequences } from "./block-display.ts";
import { useBlockMember } from "./use-block-member.ts";

export type BlockMemberButtonProps = {
  /** The member as the row shows them: their id and the name the row shows. */
  member: { id: string; name: string };
  /** After the block is made (the row that showed them is about to leave its list). */
  onBlocked?: () => void;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
};

/**
 * "Block" beside a named member in one of the member's lists: after a confirmation that says what a block
 * does, POST /api/blocks {memberId}. The confirmation is mounted only while it is asked, so a long list holds
 * one button per row and no dialog.
 */
export function BlockMemberButton({
  member,
  onBlocked,
  variant = "outline",
  size = "sm",
  className,
}: BlockMemberButtonProps) {
  const block = useBlockMember();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    block.mutate(
      { memberId: member.id },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success("Member Blocked", {
            description: `${member.name} can no longer find your posts. Unblock them in Security settings.`,
          });
          onBlocked?.();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error("Block Failed", { description: errorMessage(error, "Failed to block this member") });
        },
      },
    );

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => setConfirming(true)}
        aria-label={`Block ${member.name}`}
      >
        <Ban aria-hidden="true" />
        Block
      </Button>
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={`Block ${member.name}?`}
          description={blockConsequences}
          confirmLabel="Block"
          onConfirm={confirm}
          pending={block.isPending}
          destructive
        />
      ) : null}
    </>
  );
}
