export { confirm, type ConfirmOptions, type ConfirmVariant } from "./confirm.tsx";
export { ModalStack } from "./modal-stack.tsx";
export { modal, type ModalOptions, useModals } from "./modal.store.ts";
