// The HTTP server of an Express app (docs/decisions/053). Express's first middleware gives every
// request and response the app's own prototypes (`app.request`, `app.response`) with
// Object.setPrototypeOf; V8 then handles each of them as an object of a shape of its own, and whatever
// reads them afterwards, Node's HTTP code included, runs slower (a bare Remix app answers about a sixth
// more requests without it). Node can make them with those prototypes from the start
// (createServer's `IncomingMessage` and `ServerResponse` options): Express's setPrototypeOf then finds
// the prototype already in place and changes nothing. A speed trick (`express-prototypes`,
// app/server/speed-tricks.server.ts); its simple path is Node's own classes.
import { createServer, IncomingMessage, ServerResponse, type RequestListener, type Server } from "node:http";
import type { Socket } from "node:net";

import type { Express } from "express";

import { trickOn } from "~/server/speed-tricks.server";

/** Whether Node's request and response are plain functions here (a class cannot be called on an object). */
const callable = [IncomingMessage, ServerResponse].every(
  (base) => !/^class\b/.test(Function.prototype.toString.call(base)),
);

/**
 * Constructors whose instances get the app's prototypes (which inherit from Node's) and are then set up
 * by Node's own constructors, called on them as functions. (`Reflect.construct` with the app's
 * constructor as `newTarget` would work for classes too, but made objects that V8 handled far more
 * slowly than either: a quarter fewer home pages per second.)
 */
function appClasses(app: Express) {
  const request = IncomingMessage as unknown as (this: object, socket: Socket) => void;
  const response = ServerResponse as unknown as (this: object, req: IncomingMessage, options?: object) => void;
  function AppRequest(this: object, socket: Socket) {
    request.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: object, req: IncomingMessage, options?: object) {
    response.call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse } as unknown as {
    IncomingMessage: typeof IncomingMessage;
    ServerResponse: typeof ServerResponse;
  };
}

/** A server whose requests `listener` (by default the app itself) answers. */
export function appServer(app: Express, listener: RequestListener = app): Server {
  if (!callable || !trickOn("express-prototypes")) return createServer(listener);
  return createServer(appClasses(app), listener);
}
