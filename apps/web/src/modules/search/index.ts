// The search palette (spec §2 "search (entries and feeds, with a local mode)", Cmd/Ctrl+K):
// followed feeds and held entries found instantly, the server's full-text search merged below.
export { toggleSearch } from "./open-search.tsx";
