import { createContext, useContext } from "react";

/**
 * This answer's Content-Security-Policy nonce, on the server (app/entry.server.tsx). In the browser it
 * is empty: browsers hide nonces from the page, and scripts added after the first load come from the
 * site's own origin, which the policy allows.
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
