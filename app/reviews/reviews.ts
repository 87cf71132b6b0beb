// Review sizes shared by the server's schema and the form's HTML attributes (the form cannot import
// from a .server module).
export const REVIEW_LIMITS = { textMin: 20, text: 1000, name: 60 };
export const RATINGS = [1, 2, 3, 4, 5] as const;
