"""File formats: TRF, Chess-JSON, Chess-Results XML, broadcast PGN, crosstable CSV/XLSX, Swiss-Manager codes, and the
choice of reader."""
