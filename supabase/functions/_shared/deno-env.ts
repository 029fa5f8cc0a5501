// What TaskFlow's Edge Functions use of the Deno runtime, declared once (they are type-checked
// and linted with the Node tooling, which knows no Deno), and their one way to read a secret.

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

/** A setting or secret the function cannot run without: a missing one fails loudly. */
export const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** An optional setting. */
export const optionalEnv = (name: string): string | undefined => Deno.env.get(name);

/** Deno.serve, for the function's handler. */
export const serve = (handler: (request: Request) => Promise<Response>): void =>
  Deno.serve(handler);
