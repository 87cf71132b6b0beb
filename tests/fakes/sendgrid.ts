// A local fake of SendGrid's v3 mail send, enough for @sendgrid/mail. With `refuse` it answers every
// message the way SendGrid refuses one (403 with an `errors` array); with `until`, it holds each
// answer until that promise settles (a provider that is slow to answer).
import { startFake } from "./http.ts";

/** The settings that point the app's e-mail provider at a fake listening on `origin`. */
export const sendgridEnv = (origin: string) => ({ SENDGRID_API_KEY: "SG.test", TEST_SENDGRID_BASE_URL: origin });

export async function startSendGridFake(options: { refuse?: boolean; until?: Promise<void> } = {}) {
  let seq = 0;
  return startFake(async (req, res) => {
    await options.until;
    if (options.refuse) {
      res.writeHead(403, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          errors: [
            { message: "The from address does not match a verified Sender Identity.", field: "from", help: null },
          ],
        }),
      );
    } else if (req.method === "POST" && req.url === "/v3/mail/send") {
      seq += 1;
      res.writeHead(202, { "X-Message-Id": `fake-${seq}` }).end();
    } else {
      res
        .writeHead(404, { "Content-Type": "application/json" })
        .end(JSON.stringify({ errors: [{ message: "Not found", field: null, help: null }] }));
    }
  });
}
