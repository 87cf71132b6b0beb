import { db } from "~/db.server";

export async function loader() {
  await db().user.count({ take: 1 });
  return new Response("ok", { headers: { "Cache-Control": "no-store" } });
}
