CREATE TABLE "inbox_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversations_member_visible" ON "conversations" USING btree ("user_id","last_message_id","member_cleared_through","member_unread") WHERE "conversations"."last_message_id" > "conversations"."member_cleared_through";--> statement-breakpoint
CREATE INDEX "conversations_member_visible_unread" ON "conversations" USING btree ("user_id","last_message_id","member_cleared_through","member_unread") WHERE "conversations"."last_message_id" > "conversations"."member_cleared_through" and "conversations"."member_unread" > 0;
--> statement-breakpoint
-- Counts up the inbox of each member given, in user id order (two statements over the same members take their rows' locks in one order).
CREATE FUNCTION "inbox_versions_bump"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO inbox_versions (user_id, version)
  SELECT DISTINCT u, 1 FROM unnest(ids) u WHERE u IS NOT NULL ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET version = inbox_versions.version + 1
$$;
--> statement-breakpoint
-- Per statement, over its rows (transition tables new_rows and old_rows): a bulk update counts each member up once.
CREATE FUNCTION "inbox_versions_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM inbox_versions_bump(array(SELECT c.user_id FROM old_rows o JOIN conversations c ON c.id = o.conversation_id));
    ELSE
      PERFORM inbox_versions_bump(array(SELECT c.user_id FROM new_rows n JOIN conversations c ON c.id = n.conversation_id));
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM inbox_versions_bump(array(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM inbox_versions_bump(array(SELECT user_id FROM old_rows));
  ELSE
    PERFORM inbox_versions_bump(array(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "inbox_versions_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_versions_bump(array[OLD.user_id, NEW.user_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- What all inboxes show of the shows and of message pictures changed: counted at commit, so the shared row is locked last and briefly.
CREATE FUNCTION "inbox_versions_of_shared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_versions_bump(array[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_conversations_insert" AFTER INSERT ON "conversations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_conversations_update" AFTER UPDATE ON "conversations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_conversations_delete" AFTER DELETE ON "conversations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_messages_insert" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_messages_update" AFTER UPDATE ON "messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_messages_delete" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_nicknames_update" AFTER UPDATE ON "nicknames" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_nicknames_delete" AFTER DELETE ON "nicknames" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_chat_sessions_insert" AFTER INSERT ON "chat_sessions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
-- A session is updated every minute while it runs: per row, and only when what the inbox shows of it changes.
CREATE TRIGGER "inbox_versions_chat_sessions_update" AFTER UPDATE OF "user_id", "show_id", "started_at" ON "chat_sessions" FOR EACH ROW WHEN ((OLD.user_id, OLD.show_id, OLD.started_at) IS DISTINCT FROM (NEW.user_id, NEW.show_id, NEW.started_at)) EXECUTE FUNCTION "inbox_versions_of_row"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_chat_sessions_delete" AFTER DELETE ON "chat_sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_purchases_insert" AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_purchases_update" AFTER UPDATE ON "purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "inbox_versions_purchases_delete" AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_versions_of_rows"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inbox_versions_shows" AFTER UPDATE ON "shows" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD.universal_id, OLD.show_name, OLD.online, OLD.contentprovider_id, OLD.message_price, OLD.main_image_id) IS DISTINCT FROM (NEW.universal_id, NEW.show_name, NEW.online, NEW.contentprovider_id, NEW.message_price, NEW.main_image_id)) EXECUTE FUNCTION "inbox_versions_of_shared"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inbox_versions_show_images" AFTER INSERT OR DELETE OR UPDATE OF "show_id" ON "show_images" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inbox_versions_of_shared"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inbox_versions_galleries" AFTER DELETE OR UPDATE OF "show_id", "status" ON "galleries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inbox_versions_of_shared"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inbox_versions_gallery_images" AFTER DELETE OR UPDATE OF "gallery_id", "width", "height" ON "gallery_images" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inbox_versions_of_shared"();
