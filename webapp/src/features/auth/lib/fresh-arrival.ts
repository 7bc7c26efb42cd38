// Spec §2 "Resume redirect rule": an applicant is resumed at their loan's page
// only when arriving fresh. Signing in without a page to return to counts as
// a fresh arrival (as the full-page redirect of a NextAuth sign-in did), so
// the sign-in page marks the next page as one; the resume check takes the
// mark once.
//
// Issue 22 "Welcome back": signing in again (not creating an account) also
// marks the next page as a return, so that the page the borrower lands on,
// once the resume check has placed them, says where they were.

let fresh = false;
let returning = false;

/** The next page shown in this tab counts as a fresh arrival. */
export function markFreshArrival(): void {
  fresh = true;
}

/** Whether the page now being entered was marked as a fresh arrival; clears the mark. */
export function takeFreshArrival(): boolean {
  const was = fresh;
  fresh = false;
  return was;
}

/** The next page shown in this tab is a borrower's return: they have just signed in again. */
export function markReturn(): void {
  returning = true;
}

/** Whether the page now being entered was marked as a return; clears the mark. */
export function takeReturn(): boolean {
  const was = returning;
  returning = false;
  return was;
}
