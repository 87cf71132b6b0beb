import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed } from "~/api/envelope.server";
import { passwordKey } from "~/auth/rsa.server";

/** The PEM that integrators encrypt passwords with (RSA-OAEP, SHA-1, base64 result). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const { publicPem } = await passwordKey();
    return envelope(200, { data: { publicKey: publicPem, algorithm: "RSA-OAEP", hash: "SHA-1", encoding: "base64" } });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
