CREATE TABLE "entry_search_backlog" (
	"entry_id" bigint PRIMARY KEY NOT NULL
);
