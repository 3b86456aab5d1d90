import { createBrowserRouter, type RouteObject } from "react-router";
import { AdminPage } from "#web/features/admin/admin-page.tsx";
import { AffiliatePage } from "#web/features/affiliate/affiliate-page.tsx";
import { AuthPage } from "#web/features/auth/auth-page.tsx";
import { ForgotPasswordPage } from "#web/features/auth/forgot-password-page.tsx";
import { ResetPasswordPage } from "#web/features/auth/reset-password-page.tsx";
import { TaggPage } from "#web/features/auth/tagg-page.tsx";
import { VerifyEmailPage } from "#web/features/auth/verify-email-page.tsx";
import { TermsPage } from "#web/features/content/terms-page.tsx";
import { DashboardPage } from "#web/features/dashboard/dashboard-page.tsx";
import { DeleteMySearchPage } from "#web/features/dashboard/delete-my-search-page.tsx";
import { ManageSearchHistoryPage } from "#web/features/dashboard/manage-search-history-page.tsx";
import { WallpaperPage } from "#web/features/montage/wallpaper-page.tsx";
import { PaymentsPage } from "#web/features/payments/payments-page.tsx";
import { CreatePostPage } from "#web/features/posts/create-post-page.tsx";
import { SearchTaggedPostsPage } from "#web/features/search/search-tagged-posts-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RequireAuth } from "./require-auth.tsx";
import { RootLayout } from "./root-layout.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";

const required = (description: string) => ({ title: "Authentication Required", description });

/** Every route of spec 1 §2 / spec 2 "Top-level routing". Members-only pages sit inside RequireAuth. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <AuthPage /> },
      { path: "auth", element: <AuthPage /> },
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      { path: "verify-email", element: <VerifyEmailPage /> },
      { path: "search-tagged-posts", element: <SearchTaggedPostsPage /> },
      { path: "payments", element: <PaymentsPage /> },
      { path: "terms", element: <TermsPage /> },
      { path: "tagg", element: <TaggPage /> },
      {
        path: "dashboard",
        element: (
          <RequireAuth
            notice={required("Please log in to access the dashboard")}
            loadingLabel="Loading dashboard..."
          >
            {(profile) => <DashboardPage profile={profile} />}
          </RequireAuth>
        ),
      },
      {
        path: "create-post",
        element: (
          <RequireAuth notice={required("Please log in to create posts.")}>
            {() => <CreatePostPage />}
          </RequireAuth>
        ),
      },
      {
        path: "manage",
        element: (
          <RequireAuth
            notice={{ title: "Access Denied", description: "Please log in to view your search history." }}
          >
            {() => <ManageSearchHistoryPage />}
          </RequireAuth>
        ),
      },
      {
        path: "delete-my-search",
        element: (
          <RequireAuth notice={required("Please log in to manage your search data.")}>
            {() => <DeleteMySearchPage />}
          </RequireAuth>
        ),
      },
      {
        path: "affiliate",
        element: (
          <RequireAuth notice={required("Please log in to access the affiliate program.")}>
            {() => <AffiliatePage />}
          </RequireAuth>
        ),
      },
      {
        path: "wallpaper",
        element: (
          <RequireAuth notice={required("Please log in to create a wallpaper.")}>
            {(profile) => <WallpaperPage profile={profile} />}
          </RequireAuth>
        ),
      },
      {
        path: "admin",
        element: (
          <RequireAuth notice={required("Please log in to access the admin panel.")}>
            {(profile) => <AdminPage profile={profile} />}
          </RequireAuth>
        ),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
