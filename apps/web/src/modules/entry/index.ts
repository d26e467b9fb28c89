// The entry reader (spec §2 route timeline/:timelineId/:feedId/:entryId; reference §7 reader pane).
export { EntryReaderPage } from "./entry-reader-page.tsx";
