CREATE INDEX "guests_visits_order_idx" ON "guests" USING btree ("visits","id");--> statement-breakpoint
CREATE INDEX "guests_covers_order_idx" ON "guests" USING btree ("covers","id");--> statement-breakpoint
CREATE INDEX "guests_no_shows_order_idx" ON "guests" USING btree ("no_shows","id");--> statement-breakpoint
CREATE INDEX "guests_cancellations_order_idx" ON "guests" USING btree ("cancellations","id");--> statement-breakpoint
CREATE INDEX "guests_spend_order_idx" ON "guests" USING btree ("spend_cents","id");--> statement-breakpoint
CREATE INDEX "guests_average_party_order_idx" ON "guests" USING btree (round("covers"::numeric / nullif("visits", 0), 1) desc nulls last,"id" DESC NULLS FIRST);