// Test servers of the protocols the server talks to, and helpers for tests outside apps/server
// (`@tidings/server/testing`): e2e tests and benchmarks use them as the server's own tests do.
export { startOpenAiTestServer, type ChatRequest, type OpenAiTestServer } from "../../src/lib/ai/openai-test-server.ts";
export { startFeedServer, rssFeed, type FeedServer } from "./feed-server.ts";
export { freePort } from "./free-port.ts";
export { startOidcProvider } from "./oidc-provider.ts";
export { startPushService, type TestPushService } from "./push-service.ts";
export { startRsshubServer, type RsshubServer } from "./rsshub-server.ts";
export { totpCode } from "./totp.ts";
export { fuzzApi, type FuzzReport, type RouteInfo } from "./api-fuzzer.ts";
