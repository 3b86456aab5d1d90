// A typed Tagit client in a few lines: openapi-fetch over the types openapi-typescript generates from
// /docs/json (see docs/api-client.md). The API tests generate the types and run this file as it is.
import createClient from "openapi-fetch";
import type { paths } from "./tagit-api.ts";

/**
 * The session cookie's value, which any client may send back as a Bearer token. An HTTPS server names the
 * cookie `__Host-tagit_session`; a plain-HTTP one (development) `tagit_session`.
 */
function sessionToken(response: Response): string {
  const token = response.headers
    .getSetCookie()
    .map((line) => /^(?:__Host-)?tagit_session=([^;]*)/.exec(line)?.[1])
    .find(Boolean);
  if (!token) throw new Error("Signing in set no session cookie");
  return token;
}

/**
 * Signs in, uploads an image, publishes it under `postName`, then tries the same name again and answers the
 * error's code (`name_taken`) with the names the server suggests instead.
 */
export async function publishAPost(
  baseUrl: string,
  email: string,
  password: string,
  image: Blob,
  postName: string,
) {
  const guest = createClient<paths>({ baseUrl });
  const login = await guest.POST("/api/auth/login", { body: { email, password } });
  if (login.error) throw new Error(`Sign-in refused: ${login.error.code}`);

  const client = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${sessionToken(login.response)}` },
  });
  const upload = await client.POST("/api/upload-image", {
    body: { image },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append("image", body.image, "photo.png");
      return form;
    },
  });
  if (upload.error) throw new Error(`Upload refused: ${upload.error.code}`);

  const post = {
    postName,
    originalImage: upload.data.imageUrl,
    scrambledImage: upload.data.scrambledImageUrl,
    hidePersonalInfo: false,
    scrambleImage: false,
  };
  const created = await client.POST("/api/tagged-posts", { body: post });
  if (created.error) throw new Error(`Post refused: ${created.error.code}`);

  const again = await client.POST("/api/tagged-posts", { body: post });
  if (!again.error) throw new Error("The same name was accepted twice");
  return { postId: created.data.id, errorCode: again.error.code, suggestions: again.error.suggestions ?? [] };
}
