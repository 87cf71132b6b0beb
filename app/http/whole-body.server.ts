import { Writable } from "node:stream";

// A page's answer is rendered whole into one buffer (`wholeSink`, piped into by app/entry.server.tsx).
// The Response that Remix hands back still wraps it in a web stream, which the edge would read chunk
// by chunk into Node's response; the edge writes the buffer itself instead (app/http/edge.server.ts).
// The key is a registered symbol: the Remix build and the server each load their own copy of this
// module, and both must name the same property.
const WHOLE_BODY = Symbol.for("family-locator.whole-body");

type WithBody = Response & { [WHOLE_BODY]?: Buffer };

/** A Response whose body is `body`, which `wholeBody` gives back as long as nobody read the stream. */
export function wholeResponse(body: Buffer, init: ResponseInit): Response {
  const response: WithBody = new Response(body as unknown as BodyInit, init);
  response[WHOLE_BODY] = body;
  return response;
}

/** The buffer of a Response made by `wholeResponse`; undefined for any other, or once read. */
export function wholeBody(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : (response as WithBody)[WHOLE_BODY];
}

/**
 * Where a render is piped: gathers its chunks and gives `done` the whole body once it has ended.
 * It never emits "close": React's `pipe()` aborts the render when its destination closes, and after a
 * finished render that only ends the sink a second time, making (and dropping) an error with its
 * stack on every answer.
 */
export function wholeSink(done: (body: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Writable({
    emitClose: false,
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      size += chunk.length;
      next();
    },
    final(next) {
      done(Buffer.concat(chunks, size));
      next();
    },
  });
}
