package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"minehall/game"
	"minehall/store/sqlite"
)

// newBackupCmd returns `minehall backup FILE [--db sqlite:FILE]`: a
// consistent copy of the SQLite database, taken while the server runs.
func newBackupCmd(*game.Registry) *cobra.Command {
	db := "sqlite:minehall.db"
	cmd := &cobra.Command{
		Use:   "backup FILE",
		Short: "Copy the SQLite database to a new file, while the server runs",
		Long: `Backup writes a consistent copy of the SQLite database to FILE, which must not
exist: every action committed before the copy began is in it, none after. The
server may go on serving meanwhile; the copy blocks none of its writes. To
restore, stop the server and start it with --db sqlite:FILE (or move FILE to
the database's place, removing its -wal and -shm files). PostgreSQL is backed
up with pg_dump instead (see docs/deploy.md).`,
		Args: exactArgs(1, "the backup file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := parseDB(db)
			if err != nil {
				return err
			}
			if d.postgres != "" {
				return game.Errorf(game.CodeInvalid, "minehall backup copies SQLite databases; back PostgreSQL up with pg_dump (see docs/deploy.md)")
			}
			start := time.Now()
			if err := sqlite.Backup(cmd.Context(), d.sqlite, args[0]); err != nil {
				return err
			}
			size := int64(0)
			if fi, err := os.Stat(args[0]); err == nil {
				size = fi.Size()
			}
			fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s (%d bytes) in %v\n", d.sqlite, args[0], size, time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
	cmd.Flags().StringVar(&db, "db", db, "database to back up: sqlite:FILE")
	return cmd
}
