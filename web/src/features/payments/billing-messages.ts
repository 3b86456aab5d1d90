/** The toasts of billing self-service, each a title and a description like the app's other toasts. */
export const BILLING_TOASTS = {
  cancelled: { title: "Subscription Cancelled" },
  cancelFailed: { title: "Cancellation Failed", fallback: "Failed to cancel subscription" },
  resumed: { title: "Subscription Resumed" },
  resumeFailed: { title: "Resume Failed", fallback: "Failed to resume subscription" },
  cardUpdated: {
    title: "Card Updated",
    description: "Your new card will be used for your next Premium payment.",
  },
  cardPaidInvoice: {
    title: "Payment Successful",
    description: "Your new card paid the open invoice. Welcome back to Premium!",
  },
  cardRetrying: {
    title: "Card Updated",
    description: "We're retrying your open invoice with your new card now.",
  },
  cardFailed: { title: "Card Update Failed", fallback: "Failed to update your card" },
  paymentFailed: { title: "Payment Failed" },
  paymentError: { title: "Payment Error", description: "Something went wrong. Please try again." },
} as const;

/** "Subscription Resumed" / "Premium will renew on 15 February 2026." */
export const renewsOnText = (date: string | null) =>
  date ? `Premium will renew on ${date}.` : "Premium will renew at the end of this billing period.";
