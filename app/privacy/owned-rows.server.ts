// Which rows are an account's (docs/decisions/038), for the export, My data and deletion alike.
// What the account made carries its user id. Rows keyed only by an e-mail address (a contact message,
// a checkout or refund request made signed out) were made by whoever typed that address: they are the
// account's only once its owner has proved the address (User.emailVerifiedAt), since anyone can pay
// with someone else's address. Every match is exact: no pattern is ever built from a user's value.
export type AccountOwner = { id: string; email: string; emailVerifiedAt: Date | null };

/** Checkouts and refund requests: those the account made, and those made with its proven address. */
export function ownedRows(owner: AccountOwner) {
  return { OR: owner.emailVerifiedAt ? [{ userId: owner.id }, { email: owner.email }] : [{ userId: owner.id }] };
}

/** The address whose rows (contact messages, messages sent to it) are the account's: null until proven. */
export function provenAddress(owner: AccountOwner) {
  return owner.emailVerifiedAt ? owner.email : null;
}
