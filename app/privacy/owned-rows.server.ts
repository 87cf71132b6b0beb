// Which rows are an account's (docs/decisions/038), for the export, My data and deletion alike.
// What the account made carries its user id. Rows keyed only by an e-mail address (a contact message,
// a checkout or refund request made signed out) were made by whoever typed that address: they are the
// account's only once its owner has proved the address (User.emailVerifiedAt), since anyone can pay
// with someone else's address. Every match is exact: no pattern is ever built from a user's value.
export type AccountOwner = { id: string; email: string; emailVerifiedAt: Date | null };

/** Checkouts: those the account made (signed in, or the one that created it), and those made with its proven address. */
export function ownedCheckouts(owner: AccountOwner) {
  return { OR: owner.emailVerifiedAt ? [{ userId: owner.id }, { email: owner.email }] : [{ userId: owner.id }] };
}

/**
 * The address whose rows are the account's, null until proven: contact messages, messages sent to it,
 * and refund requests, which the public refund form files under whatever account has the address typed
 * (its `userId` says which account to stop, not who wrote it).
 */
export function provenAddress(owner: AccountOwner) {
  return owner.emailVerifiedAt ? owner.email : null;
}
