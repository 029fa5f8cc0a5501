// zod for the transfer schemas, without its JIT: zod 4 compiles object parsers with
// `new Function`, which the app's Content-Security-Policy (no 'unsafe-eval') refuses and the
// browser reports as a violation. Parsing an import a few times needs no compiled parser.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
