export { DEFAULT_AVATAR_SERVICES, type ImagesConfig, imagesConfig, imagesEnv } from "./images.config.ts";
export { createImagesModule, type ImagesPorts } from "./images.module.ts";
