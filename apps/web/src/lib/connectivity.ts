import { create } from "zustand";

interface ConnectivityState {
  online: boolean;
  /** Set by a 401: the session ended on the server. */
  unauthorized: boolean;
}

/**
 * Online state (spec §4): follows the browser's events, flips offline when a request fails or
 * answers nothing while the browser claims to be online, and back online on each good answer.
 */
export const useConnectivity = create<ConnectivityState>(() => ({
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  unauthorized: false,
}));

export const connectivity = {
  reportFailure() {
    useConnectivity.setState({ online: false });
  },
  reportResponse(status: number, hasBody: boolean) {
    if (status === 401) useConnectivity.setState({ unauthorized: true });
    else if (status < 300) useConnectivity.setState({ unauthorized: false });
    useConnectivity.setState({ online: hasBody || status === 204 });
  },
  /** Wires the browser's online/offline events; returns the function that unwires them. */
  listen(): () => void {
    const on = () => useConnectivity.setState({ online: true });
    const off = () => useConnectivity.setState({ online: false });
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  },
};
