import { ImagePlus } from "lucide-react";
import { Link } from "react-router";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** /create-post (members). The form arrives with the posts feature. */
export function CreatePostPage() {
  return (
    <PagePlaceholder
      icon={ImagePlus}
      title="Create Tagged Post"
      description="This page will hold the form for a new tagged post: a unique post name, an image you upload or capture, an optional comment, and the scramble and hide-personal-info options. It arrives with the posts feature."
      actions={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
