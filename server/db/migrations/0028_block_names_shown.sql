-- Whether a blocker may see the blocked member's name: not when the block was made by a tagg whose search showed none.
-- Blocks made before keep showing it, as they did.
ALTER TABLE "blocks" ADD COLUMN "name_shown" boolean DEFAULT true NOT NULL;