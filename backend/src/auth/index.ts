export { authRoutes } from './routes.ts';
export { createJwtService, TokenError, type JwtService, type VerifiedClaims } from './jwt.ts';
