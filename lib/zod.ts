import { z } from "zod";

// zod 4 probes `new Function("")` to compile faster parsers. Our Content-Security-Policy
// forbids eval, so in the browser that probe is reported as a CSP violation on every form.
// Parsing without it is fast enough for our inputs. Import z from here, not from "zod".
z.config({ jitless: true });

export { z };
