import { PRODUCT } from "@tidings/contracts";

/** The User-Agent of every outbound request: the product, its version and where to learn about it. */
export const USER_AGENT = `${PRODUCT.name}/${PRODUCT.version} (+${PRODUCT.repositoryUrl})`;
