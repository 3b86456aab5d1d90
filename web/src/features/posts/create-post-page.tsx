import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { createTaggedPostBodySchema, type UploadImageResponse } from "#contract/api/posts.ts";
import { nameKey } from "#contract/names.ts";
import { HelpButton } from "#web/components/help-button.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Form, FormField } from "#web/components/ui/form.tsx";
import { ApiError, errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { checkImageFile, FILE_PROBLEMS } from "#web/lib/file-checks.ts";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";
import { isAbortError } from "#web/lib/upload-with-progress.ts";
import { useSessionExpired } from "#web/lib/use-session-expired.ts";
import { useUploadImage } from "#web/lib/use-upload-image.ts";
import { CommentField, OptionSwitch } from "./create-post-fields.tsx";
import { PhotoField } from "./photo-field.tsx";
import { PostNameField } from "./post-name-field.tsx";
import { useCreatePost } from "./use-create-post.ts";
import { checkPostNameUrl, type NameAvailability, usePostNameCheck } from "./use-post-name-check.ts";

const formSchema = createTaggedPostBodySchema.pick({
  postName: true,
  comment: true,
  hidePersonalInfo: true,
  scrambleImage: true,
});

const TOASTS = {
  missing: { title: "Missing Information", description: "Please upload an image and enter a post name" },
  nameTaken: {
    title: "Name Not Available",
    description: "Please choose a different post name or select one of the suggestions",
  },
} as const;

type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** A 409 from the server wins over the last availability check for that same name. */
type NameConflict = { key: string; suggestions: string[] };

/** /create-post: name (checked as you type), comment, photo upload or capture, options, Create. */
export function CreatePostPage() {
  const hintId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handleSessionExpired = useSessionExpired();
  const createPost = useCreatePost();
  const upload = useUploadImage();
  const [uploaded, setUploaded] = useState<UploadImageResponse | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [conflict, setConflict] = useState<NameConflict | null>(null);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { postName: "", comment: "", hidePersonalInfo: false, scrambleImage: false },
  });
  const postName = form.watch("postName");
  const comment = form.watch("comment") ?? "";
  const scramble = form.watch("scrambleImage") ?? false;
  const nameCheck = usePostNameCheck(postName);
  const conflicted = conflict !== null && conflict.key === nameKey(postName);
  const nameStatus: NameAvailability = conflicted ? "taken" : nameCheck.status;
  const suggestions = conflicted ? conflict.suggestions : nameCheck.suggestions;

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const saving = createPost.isPending || createPost.isSuccess;
  const missing = [!uploaded && "a photo", !postName.trim() && "a post name"].filter(Boolean);
  const canCreate =
    !saving &&
    !upload.isPending &&
    missing.length === 0 &&
    nameStatus !== "taken" &&
    nameStatus !== "checking";

  const pickPhoto = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setUploaded(null);
    setLocalPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: (result) => {
        setUploaded(result);
        setLocalPreview(null);
      },
      onError: (error) => {
        setLocalPreview(null);
        if (isAbortError(error) || handleSessionExpired(error)) return;
        const code = errorCodeOf(error);
        if (code === "unsupported_type") {
          toast.error(FILE_PROBLEMS.wrongType.title, { description: FILE_PROBLEMS.wrongType.description });
        } else if (code === "file_too_large") {
          toast.error(FILE_PROBLEMS.tooLarge.title, { description: FILE_PROBLEMS.tooLarge.description });
        } else {
          toast.error("Upload Failed", { description: errorMessage(error, "Failed to upload image") });
        }
      },
    });
  };

  /** Availability right before saving: the live status, or a fresh check when it is unknown. */
  const confirmAvailable = async (name: string): Promise<boolean | null> => {
    if (nameStatus === "available") return true;
    if (nameStatus === "taken") return false;
    try {
      return (await nameCheck.checkNow(name)).available;
    } catch (error) {
      if (!handleSessionExpired(error)) {
        toast.error("Error", { description: errorMessage(error, "Failed to create tagged post") });
      }
      return null;
    }
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!uploaded || !values.postName) {
        toast.error(TOASTS.missing.title, { description: TOASTS.missing.description });
        return;
      }
      const available = await confirmAvailable(values.postName);
      if (available === null) return;
      if (!available) {
        toast.error(TOASTS.nameTaken.title, { description: TOASTS.nameTaken.description });
        return;
      }
      createPost.mutate(
        {
          ...values,
          comment: values.comment || undefined,
          originalImage: uploaded.imageUrl,
          scrambledImage: uploaded.scrambledImageUrl,
        },
        {
          onSuccess: () => {
            safeStorage.set("session", STORAGE_KEYS.flashTaggedPosts, "true");
            toast.success("Post Created", { description: "Your tagged post is ready." });
            void navigate("/dashboard");
          },
          onError: (error) => {
            if (handleSessionExpired(error)) return;
            if (error instanceof ApiError && error.code === "name_taken") {
              setConflict({ key: nameKey(values.postName), suggestions: error.body?.suggestions ?? [] });
              void queryClient.invalidateQueries({ queryKey: [checkPostNameUrl(values.postName)] });
              toast.error(TOASTS.nameTaken.title, { description: TOASTS.nameTaken.description });
              return;
            }
            toast.error("Error", { description: errorMessage(error, "Failed to create tagged post") });
          },
        },
      );
    },
    (errors) => {
      if (errors.postName) toast.error(TOASTS.missing.title, { description: TOASTS.missing.description });
    },
  );

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="Create Tagged Post" />
      <div className="flex flex-col gap-3">
        <Button asChild variant="link" className="h-auto self-start px-0">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div>
          <div className="flex items-center gap-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Create Tagged Post
            </h1>
            <HelpButton sectionName="Create post pop up" topic="Creating a tagged post" />
          </div>
          <p className="mt-1 text-slate-600">
            Give your photo a unique name. People find it only by searching for that exact name.
          </p>
        </div>
      </div>

      <Card>
        <CardContent className="p-4 sm:p-6">
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={saving || undefined}>
              <FormField
                control={form.control}
                name="postName"
                render={({ field }) => (
                  <PostNameField
                    status={nameStatus}
                    suggestions={suggestions}
                    onPickSuggestion={(name) => form.setValue("postName", name, { shouldDirty: true })}
                    inputProps={{ ...field, disabled: saving }}
                  />
                )}
              />

              <FormField
                control={form.control}
                name="comment"
                render={({ field }) => (
                  <CommentField length={comment.length} textareaProps={{ ...field, disabled: saving }} />
                )}
              />

              <PhotoField
                uploaded={uploaded}
                localPreview={localPreview}
                uploading={upload.isPending}
                progress={upload.progress}
                scramble={scramble}
                disabled={saving}
                onPick={pickPhoto}
                onCancel={upload.cancel}
                onRemove={() => setUploaded(null)}
              />

              <div className="grid gap-4 rounded-xl border border-slate-200 p-4">
                <OptionSwitch
                  label="Hide personal info"
                  description="Your name, picture and tagg are not shown to others on this post."
                  control={form.control}
                  name="hidePersonalInfo"
                  disabled={saving}
                />
                <OptionSwitch
                  label="Scramble image"
                  description="Others see only a shuffled mosaic of its colours. You can change this later."
                  control={form.control}
                  name="scrambleImage"
                  disabled={saving}
                />
              </div>

              <div className="grid gap-2">
                <SubmitButton
                  pending={saving}
                  disabled={!canCreate}
                  size="lg"
                  className="w-full"
                  aria-describedby={hintId}
                >
                  {saving ? "Creating Post..." : "Create Post"}
                </SubmitButton>
                <p id={hintId} className="text-center text-sm text-slate-600 empty:hidden">
                  {missing.length > 0 && !saving
                    ? `Add ${missing.join(" and ")} to create your post.`
                    : nameStatus === "taken"
                      ? "Choose a different post name or one of the suggestions."
                      : ""}
                </p>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
