import { OAuth2Server } from "oauth2-mock-server";

/**
 * A local OpenID Connect provider standing in for Google during the browser journeys: it signs every
 * user in as the same verified Google identity.
 */
export const mockGooglePort = Number(process.env.MOCK_GOOGLE_PORT ?? 5199);
export const mockGoogleIdentity = {
  sub: "google-e2e-kwabena",
  email: "kwabena.google@example.com",
  email_verified: true,
  name: "Kwabena Google",
};

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, mockGoogleIdentity);
});
await server.start(mockGooglePort, "localhost");
console.log(`mock Google issuer at ${server.issuer.url}`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
