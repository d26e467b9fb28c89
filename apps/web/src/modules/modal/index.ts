export { confirm } from "./confirm.tsx";
export { ModalStack } from "./modal-stack.tsx";
export { modal, useModals } from "./modal.store.ts";
