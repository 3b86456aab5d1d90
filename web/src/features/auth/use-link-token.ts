import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

/**
 * The `token` of a link from one of our e-mails (`/reset-password?token=…`, `/verify-email?token=…`), taken
 * out of the address bar as the page opens and kept in this page's memory only: the address the browser
 * keeps in its history, syncs to other devices or shows on a shared screen no longer holds it. The rest of
 * the address stays as it was.
 */
export function useLinkToken(): string {
  const [searchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get("token")?.trim() ?? "");
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress = searchParams.has("token");

  useEffect(() => {
    if (!inAddress) return;
    const rest = new URLSearchParams(location.search);
    rest.delete("token");
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [inAddress, location, navigate]);

  return token;
}
