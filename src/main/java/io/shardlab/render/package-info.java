/**
 * Diagram geometry and one Graphics2D painter for every target (docs/ARCHITECTURE.md rule 6).
 *
 * <p>Flow, from data to pixels:
 * <ol>
 *   <li>Inputs are this package's own records, so render depends on no producer: {@link
 *       io.shardlab.render.LayoutData} (a {@link io.shardlab.cluster.ClusterSnapshot} plus optional
 *       {@link io.shardlab.render.ChunkSizes}), {@link io.shardlab.render.WriteSeries} (writes per shard per
 *       window) and {@link io.shardlab.render.HeatmapData} (writes per key range per window), bundled as
 *       {@link io.shardlab.render.DiagramData}; for the shard key comparison {@link
 *       io.shardlab.render.CandidateLayout} (a candidate's row picture, painted by {@link
 *       io.shardlab.render.CandidateLayoutPainter} in the advisor's window and the export alike) and {@link
 *       io.shardlab.render.CandidateComparison}. The producers map their results to these records.</li>
 *   <li>{@link io.shardlab.render.NumberLineModel}: computed once per layout and {@link
 *       io.shardlab.render.Scale}: every chunk bound's position on the line, shard indexes, jumbo flags.</li>
 *   <li>{@link io.shardlab.render.NumberLineFrame}: computed per {@link io.shardlab.render.Viewport} and width:
 *       a binary search for the visible range, then one pass that aggregates chunks per pixel column, picks the
 *       boundaries wide enough to draw and the bound labels that fit. Never more primitives than columns.</li>
 *   <li>Painters ({@link io.shardlab.render.NumberLinePainter}, {@link io.shardlab.render.ShardLanesPainter},
 *       {@link io.shardlab.render.WritesChartPainter}, {@link io.shardlab.render.HeatmapPainter}, {@link
 *       io.shardlab.render.LegendPainter}, composed by {@link io.shardlab.render.DiagramPainter}) draw with
 *       opaque colours, rectangles, lines, paths and text only: no clip, no alpha, no images, so a JavaFX
 *       Canvas wrapped in {@code org.jfree.fx.FXGraphics2D}, a BufferedImage, Batik's SVGGraphics2D and
 *       PDFBox's PdfBoxGraphics2D all show the same picture.</li>
 *   <li>Exporters ({@link io.shardlab.render.PngExporter}, {@link io.shardlab.render.SvgExporter}, {@link
 *       io.shardlab.render.PdfExporter}) run headless and keep text as text in SVG and PDF.</li>
 * </ol>
 *
 * <p>On screen: keep one model per layout and scale ({@link io.shardlab.render.DiagramPainter.Parts}); on every
 * pan or zoom paint the same {@link io.shardlab.render.DiagramPainter} the exports use, framed for the canvas
 * ({@link io.shardlab.render.DiagramPainter.Framing#canvas}), which computes a frame for the canvas width
 * (times the output scale for HiDPI); hit-test with {@link
 * io.shardlab.render.NumberLineModel#chunkAt(double)} at {@link io.shardlab.render.Viewport#toLine(double,
 * double)}. Colours come from {@link io.shardlab.render.Theme}, whose {@link
 * io.shardlab.render.Theme#lookedUpColors()} are the stylesheet's looked-up colours.
 */
package io.shardlab.render;
